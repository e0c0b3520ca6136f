/**
 * The site's favicon.ico, drawn once at start (no binary file in the repository): 16×16 and 32×32
 * 32-bit images of the brand's blue square with a white «К».
 */
function image(size: number): Buffer {
  const header = Buffer.alloc(40);
  header.writeUInt32LE(40, 0);
  header.writeInt32LE(size, 4);
  header.writeInt32LE(size * 2, 8); // the colour rows and the mask's
  header.writeUInt16LE(1, 12);
  header.writeUInt16LE(32, 14);
  header.writeUInt32LE(size * size * 4, 20);
  const pixels = Buffer.alloc(size * size * 4);
  const unit = size / 16;
  const inLetter = (x: number, y: number) => {
    // the letter in a 16-unit grid: a stem at x 4–6 and two arms meeting it at the middle
    const [u, v] = [x / unit, y / unit];
    if (v < 3 || v > 13) return false;
    if (u >= 4 && u < 6.2) return true;
    const fromMiddle = Math.abs(v - 8);
    const arm = 6 + fromMiddle * 0.9;
    return u >= arm && u < arm + 2.4 && u < 13;
  };
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const corner = Math.min(x, size - 1 - x) + Math.min(y, size - 1 - y) < unit * 1.5;
      const at = ((size - 1 - y) * size + x) * 4; // rows bottom-up
      if (corner) continue; // transparent
      const white = inLetter(x + 0.5, y + 0.5);
      pixels[at] = white ? 255 : 0xff; // B
      pixels[at + 1] = white ? 255 : 0x68; // G
      pixels[at + 2] = white ? 255 : 0x04; // R
      pixels[at + 3] = 255;
    }
  const mask = Buffer.alloc(Math.ceil(size / 32) * 4 * size); // all shown: the alpha decides
  return Buffer.concat([header, pixels, mask]);
}

export function favicon(): Buffer {
  const images = [16, 32].map((size) => ({ size, data: image(size) }));
  const directory = Buffer.alloc(6 + 16 * images.length);
  directory.writeUInt16LE(0, 0);
  directory.writeUInt16LE(1, 2); // an icon
  directory.writeUInt16LE(images.length, 4);
  let offset = directory.length;
  images.forEach(({ size, data }, i) => {
    const entry = 6 + 16 * i;
    directory.writeUInt8(size, entry);
    directory.writeUInt8(size, entry + 1);
    directory.writeUInt16LE(1, entry + 4);
    directory.writeUInt16LE(32, entry + 6);
    directory.writeUInt32LE(data.length, entry + 8);
    directory.writeUInt32LE(offset, entry + 12);
    offset += data.length;
  });
  return Buffer.concat([directory, ...images.map((i) => i.data)]);
}
