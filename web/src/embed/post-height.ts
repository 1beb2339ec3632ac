// The embed protocol: an embedded page tells the page framing it how tall its content is, so an
// <iframe> can fit it exactly (docs/embedding.md has the listener for the host page). The
// message is {type: 'llm-sizer:height', height} with the height in CSS pixels, sent on load and
// whenever the content's height changes. It carries no plan data, so any origin may receive it.
export const HEIGHT_MESSAGE = 'llm-sizer:height';

/** Posts `element`'s height to the parent window on every change; returns a stop function. */
export function postHeightToParent(element: HTMLElement, win: Window = window): () => void {
  if (win.parent === win) return () => {};
  let sent = -1;
  const post = () => {
    const height = Math.ceil(element.getBoundingClientRect().height);
    if (height === sent) return;
    sent = height;
    win.parent.postMessage({ type: HEIGHT_MESSAGE, height }, '*');
  };
  const observer = new ResizeObserver(post);
  observer.observe(element);
  post();
  return () => observer.disconnect();
}
