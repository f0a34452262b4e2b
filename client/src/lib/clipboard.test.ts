import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyElementText } from './clipboard.ts';

function accountElement(): HTMLElement {
  const span = document.createElement('span');
  span.textContent = '@gradelens-pay';
  document.body.append(span);
  return span;
}

function stubClipboard(clipboard: Partial<Clipboard> | undefined) {
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
}

function stubCopyCommand(result: boolean) {
  const execCommand = vi.fn(() => result);
  Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
  return execCommand;
}

afterEach(() => {
  document.body.replaceChildren();
  window.getSelection()?.removeAllRanges();
});

describe('copying the receiving account', () => {
  it('writes the text through the Clipboard API when there is one', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    stubClipboard({ writeText });
    const execCommand = stubCopyCommand(true);
    await copyElementText(accountElement());
    expect(writeText).toHaveBeenCalledWith('@gradelens-pay');
    expect(execCommand).not.toHaveBeenCalled();
  });

  it('selects the text and runs the copy command without a Clipboard API', async () => {
    stubClipboard(undefined);
    const execCommand = stubCopyCommand(true);
    let selected = '';
    execCommand.mockImplementation(() => {
      selected = window.getSelection()?.toString() ?? '';
      return true;
    });
    await copyElementText(accountElement());
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(selected).toBe('@gradelens-pay');
  });

  it('falls back to the copy command when the Clipboard API refuses', async () => {
    stubClipboard({ writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) });
    const execCommand = stubCopyCommand(true);
    await copyElementText(accountElement());
    expect(execCommand).toHaveBeenCalledWith('copy');
  });

  it('fails, leaving the text selected, when neither way copies', async () => {
    stubClipboard({ writeText: () => Promise.reject(new Error('denied')) });
    stubCopyCommand(false);
    await expect(copyElementText(accountElement())).rejects.toThrow('did not allow copying');
    expect(window.getSelection()?.toString()).toBe('@gradelens-pay');
  });
});
