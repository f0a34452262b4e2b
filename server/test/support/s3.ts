import { fork } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { createS3Client, type S3StoreOptions } from '../../src/storage/s3-store.ts';

export interface S3Request {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface S3Server {
  endpoint: string;
  bucket: string;
  /** The settings that point the app at a folder of the bucket: STORAGE_URL and the keys. */
  settings(prefix: string): Record<string, string>;
  /** The store's options for a folder of the bucket. */
  location(prefix: string): S3StoreOptions;
  /** A client of the bucket's service, to look at the bucket apart from the store. */
  client: S3Client;
  /** Every request the server has received so far. */
  requests(): S3Request[];
  /** Every key under a prefix, folders below it included. */
  keysUnder(prefix: string): Promise<string[]>;
  /** Dates an object as last changed this many minutes ago, as S3 would report an old one. */
  age(key: string, minutes: number): void;
  close(): Promise<void>;
}

const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * s3rver, a real S3-protocol server, in a child process on a free loopback port, with its
 * objects in a new temporary folder.
 */
export async function startS3Server(bucket = 'gradelens-test'): Promise<S3Server> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'gradelens-s3-'));
  const directory = path.join(root, 'objects');
  const requestLog = path.join(root, 'requests.log');
  mkdirSync(directory);
  const child = fork(new URL('./s3rver-process.mjs', import.meta.url), [directory, requestLog, bucket], {
    execArgv: ['--openssl-legacy-provider'],
    // Its output is s3rver's dependencies' deprecation notices; a failure to start shows as the exit below.
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  });
  const started = await Promise.race([
    once(child, 'message') as Promise<[{ port: number }]>,
    once(child, 'exit').then(([code]) => {
      throw new Error(`s3rver stopped before it started (exit code ${code})`);
    }),
  ]);
  const endpoint = `http://127.0.0.1:${started[0].port}`;
  const client = createS3Client({ region: 'us-east-1', endpoint, keys: KEYS });
  return {
    endpoint,
    bucket,
    settings: (prefix) => ({
      STORAGE_URL: `s3://${bucket}/${prefix}?endpoint=${endpoint}`,
      AWS_ACCESS_KEY_ID: KEYS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
    }),
    location: (prefix) => ({ bucket, prefix, region: 'us-east-1', endpoint, keys: KEYS }),
    client,
    requests() {
      if (!existsSync(requestLog)) return [];
      const lines = readFileSync(requestLog, 'utf8').split('\n').filter(Boolean);
      return lines.map((line) => JSON.parse(line) as S3Request);
    },
    async keysUnder(prefix) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        );
        keys.push(...(page.Contents ?? []).map((object) => object.Key ?? ''));
        token = page.NextContinuationToken;
      } while (token);
      return keys;
    },
    age(key, minutes) {
      // s3rver reports the modification time of the file that holds the object.
      const when = new Date(Date.now() - minutes * 60 * 1000);
      utimesSync(path.join(directory, bucket, `${key}._S3rver_object`), when, when);
    },
    async close() {
      client.destroy();
      const exited = once(child, 'exit');
      child.disconnect();
      await exited;
      rmSync(root, { recursive: true, force: true });
    },
  };
}
