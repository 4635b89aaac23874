/** Whether the browser can draw on a canvas: without it, a chart's table is shown in its place. */
export function canDraw(): boolean {
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch (error) {
    console.warn('No canvas to draw charts on', error);
    return false;
  }
}
