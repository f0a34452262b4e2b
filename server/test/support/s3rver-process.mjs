// s3rver in a process of its own: its continuation tokens use DES, which OpenSSL 3 only offers
// with --openssl-legacy-provider, a flag the test processes should not need. Arguments: the
// folder for the objects, the file to log requests to, the bucket. Prints {"port"} once ready,
// and ends when its parent goes.
import { appendFileSync } from 'node:fs';
import S3rver from 's3rver';

const [directory, requestLog, bucket] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
});
const { port } = await server.run();
// Written before the request is handled, so a client that has its answer finds it in the log.
server.httpServer.on('request', (request) => {
  const entry = { method: request.method, url: request.url, headers: request.headers };
  appendFileSync(requestLog, `${JSON.stringify(entry)}\n`);
});
process.on('disconnect', () => void server.close().finally(() => process.exit(0)));
process.send({ port });
