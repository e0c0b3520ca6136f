import { useRef, type DragEvent, type MouseEvent, type PointerEvent } from 'react';

/** how far (px) a finger or the mouse must travel sideways for a swipe */
const SWIPE_DISTANCE = 40;

/**
 * A horizontal swipe by pointer events (touch, pen or mouse): a move left shows the next photo, a
 * move right the previous one. The element keeps vertical scrolling (`touch-action: pan-y`), so
 * only the sideways gesture is taken. Spread the handlers on the element that is swiped.
 */
export function useSwipe(onSwipe: (step: 1 | -1) => void) {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  // the click that ends a swipe is not a click (the main photo opens the full screen on a click)
  const swiped = useRef(false);
  return {
    onPointerDown(event: PointerEvent) {
      swiped.current = false;
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
    },
    onPointerUp(event: PointerEvent) {
      const from = start.current;
      start.current = null;
      if (!from || from.id !== event.pointerId) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (Math.abs(dx) >= SWIPE_DISTANCE && Math.abs(dx) > Math.abs(dy)) {
        swiped.current = true;
        onSwipe(dx < 0 ? 1 : -1);
      }
    },
    onClickCapture(event: MouseEvent) {
      if (!swiped.current) return;
      swiped.current = false;
      event.preventDefault();
      event.stopPropagation();
    },
    // a photo dragged by the mouse would cancel the pointer: the swipe, not the browser's drag
    onDragStart(event: DragEvent) {
      event.preventDefault();
    },
    onPointerCancel() {
      start.current = null;
    },
  };
}

/** the photo `step` away from `index`, round the ends */
export const stepped = (index: number, step: number, count: number) => (index + step + count) % count;
