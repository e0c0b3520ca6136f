/**
 * Names of Object.prototype's properties: to a handler that indexes an object with its input, a
 * name that is there before any key is set. Every such name must be ordinary unknown input.
 */
export const PROTOTYPE_NAMES = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupSetter__',
];

/** A Content-Security-Policy header as directive → its sources. */
export const policyOf = (header: string | undefined) =>
  new Map(
    (header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources]),
  );
