/** Digits only, 11 of them starting with 7, as the API takes them ('8…' becomes '7…'). */
export const phoneDigits = (value: string) => {
  const digits = value.replace(/\D/g, '');
  if (digits.length === 0) return '';
  const national = digits.startsWith('7') || digits.startsWith('8') ? digits.slice(1) : digits;
  return `7${national}`.slice(0, 11);
};

/** The spec's mask: +7 (###) ###-##-##, filled as far as the digits go. */
export function formatPhone(value: string) {
  const d = phoneDigits(value).slice(1);
  if (!value.replace(/\D/g, '')) return '';
  let out = '+7';
  if (d.length > 0) out += ` (${d.slice(0, 3)}`;
  if (d.length >= 3) out += ')';
  if (d.length > 3) out += ` ${d.slice(3, 6)}`;
  if (d.length > 6) out += `-${d.slice(6, 8)}`;
  if (d.length > 8) out += `-${d.slice(8, 10)}`;
  return out;
}

/** A full masked value has 18 characters, as the spec's validation asks. */
export const isFullPhone = (value: string) => formatPhone(value).length >= 18;
