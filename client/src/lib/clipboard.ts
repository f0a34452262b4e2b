/**
 * Copies the text shown in an element. The Clipboard API exists only on secure pages (HTTPS or
 * localhost) and may be refused, so the fallback selects the element's text and runs the older
 * copy command. When both fail the text stays selected, for the user to copy by hand.
 */
export async function copyElementText(element: HTMLElement): Promise<void> {
  const text = element.textContent ?? '';
  if (typeof navigator.clipboard?.writeText === 'function') {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Refused (permissions, no focus): try the selection below.
    }
  }
  const selection = window.getSelection();
  const range = document.createRange();
  range.selectNodeContents(element);
  selection?.removeAllRanges();
  selection?.addRange(range);
  let copied = false;
  try {
    copied = typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    copied = false;
  }
  if (!copied) throw new Error('This browser did not allow copying.');
  selection?.removeAllRanges();
}

/**
 * Copies text once a promise settles well, starting the write inside the click: Safari allows
 * clipboard writes only there. Answers whether the text reached the clipboard.
 */
export async function copyWhenReady(done: Promise<unknown>, text: string): Promise<boolean> {
  try {
    if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
      const blob = done.then(() => new Blob([text], { type: 'text/plain' }));
      await navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })]);
    } else {
      await done;
      await navigator.clipboard.writeText(text);
    }
    return true;
  } catch {
    return false;
  }
}
