import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';

/**
 * Asks on the terminal without echoing what is typed (stdin must be a TTY). Readline still
 * does the line editing; its echo goes to a stream that drops it. Answers null when the user
 * gives up with Ctrl-C or Ctrl-D.
 */
export function askHidden(question: string): Promise<string | null> {
  process.stderr.write(question);
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  const rl = createInterface({ input: process.stdin, output: silent, terminal: true });
  return new Promise((resolve) => {
    let answer: string | null = null;
    rl.once('line', (line) => {
      answer = line;
      rl.close();
    });
    rl.once('SIGINT', () => rl.close());
    // Every way out (Enter, Ctrl-C, Ctrl-D) ends here.
    rl.once('close', () => {
      process.stderr.write('\n');
      resolve(answer);
    });
  });
}
