import { styled } from '@mui/material';

/**
 * An image with `sx`: MUI's Box would turn `width` and `height` into CSS, while the image needs them
 * as attributes (its intrinsic ratio, so the page keeps its place before the file arrives).
 */
export const Img = styled('img')({});
