/**
 * Runs `run` in a task after the frame that follows the page's first contentful paint. After the
 * first frame alone, on a busy phone, work started then (the web fonts) still came before the
 * largest paint, which then waited for it (Lighthouse counts every request begun before it;
 * decision 063). A browser without paint timing runs it after the first frame.
 */
export function afterFirstPaint(run: () => void): void {
  const afterFrame = () => requestAnimationFrame(() => setTimeout(run));
  try {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      afterFrame();
    }).observe({ type: 'paint', buffered: true });
  } catch {
    afterFrame();
  }
}
