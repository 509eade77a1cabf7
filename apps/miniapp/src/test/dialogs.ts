/**
 * jsdom has the <dialog> element but not its showModal()/close(): the sheets would stay closed (and
 * hidden from queries). These do what the browser does to the element's `open` attribute.
 */
export function openDialogsInJsdom(): void {
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & { showModal?: () => void };
  if (typeof proto.showModal === 'function') return;
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}
