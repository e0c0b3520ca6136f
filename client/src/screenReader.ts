/**
 * A text said by a screen reader and not drawn (sx). Its parent should be positioned (`position:
 * relative`): an absolute box placed by a far ancestor lies outside a slider's clipping and widens
 * the page. In sx a width of 1 means 100%, so the pixel is spelt out.
 */
export const SCREEN_READER_ONLY = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
