import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../env.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'gradelens-storage-url-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const read = (settings: Record<string, string>) => loadEnv({ INIT_CWD: root, ...settings });

describe('STORAGE_URL', () => {
  it('is unset by default: files stay on local disk', () => {
    expect(read({}).STORAGE_URL).toBeUndefined();
    expect(read({ STORAGE_URL: '  ' }).STORAGE_URL).toBeUndefined();
  });

  it('reads a bucket on AWS S3, MinIO or R2, with an optional folder', () => {
    expect(read({ STORAGE_URL: 's3://gradelens-photos' }).STORAGE_URL).toEqual({
      bucket: 'gradelens-photos',
      prefix: '',
      region: 'us-east-1',
      endpoint: undefined,
    });
    expect(read({ STORAGE_URL: 's3://gradelens-photos/prod/uploads/?region=eu-west-1' }).STORAGE_URL).toEqual({
      bucket: 'gradelens-photos',
      prefix: 'prod/uploads',
      region: 'eu-west-1',
      endpoint: undefined,
    });
    expect(read({ STORAGE_URL: 's3://photos/gradelens?endpoint=http://minio.internal:9000' }).STORAGE_URL).toEqual({
      bucket: 'photos',
      prefix: 'gradelens',
      region: 'us-east-1',
      endpoint: 'http://minio.internal:9000',
    });
    expect(
      read({ STORAGE_URL: 's3://photos?endpoint=https://0123abcd.r2.cloudflarestorage.com/&region=auto' }).STORAGE_URL,
    ).toEqual({ bucket: 'photos', prefix: '', region: 'auto', endpoint: 'https://0123abcd.r2.cloudflarestorage.com' });
  });

  it.each([
    ['https://photos.s3.amazonaws.com', /must be s3:\/\/bucket\/optional-folder\?options, such as/],
    ['s3:photos', /must be s3:\/\/bucket/],
    ['s3://photos#x', /must be s3:\/\/bucket/],
    ['s3://AKIA:secret@photos', /must not hold keys: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY instead/],
    ['s3://minio:9000/photos', /names a bucket, not a server: give the server as \?endpoint=/],
    ['s3://Photos', /"Photos" is not a bucket name: 3 to 63 lowercase letters/],
    ['s3://ph', /"ph" is not a bucket name/],
    ['s3:///photos', /"" is not a bucket name/],
    ['s3://photos/a/../b', /the folder "a\/..\/b" may hold only/],
    ['s3://photos/a//b', /the folder "a\/\/b" may hold only/],
    ['s3://photos/a%2Fb', /the folder "a%2Fb" may hold only/],
    ['s3://photos?regoin=eu-west-1', /takes only endpoint and region, not "regoin"/],
    ['s3://photos?region=eu-west-1&region=us-east-1', /gives region more than once/],
    ['s3://photos?region=EU West', /"EU West" is not a region name/],
    ['s3://photos?endpoint=minio:9000', /endpoint must be an http:\/\/ or https:\/\/ address with no path/],
    ['s3://photos?endpoint=ftp://minio', /endpoint must be an http/],
    ['s3://photos?endpoint=http://minio:9000/photos', /endpoint must be an http/],
    ['s3://photos?endpoint=http://key:secret@minio:9000', /endpoint must be an http/],
  ])('refuses %s with a sentence naming what is wrong', (value, message) => {
    expect(() => read({ STORAGE_URL: value })).toThrow(/Invalid environment settings:\n {2}- STORAGE_URL: /);
    expect(() => read({ STORAGE_URL: value })).toThrow(message);
  });

  it('takes both keys or neither (then the machine’s own AWS credentials)', () => {
    const url = { STORAGE_URL: 's3://photos' };
    expect(read({ ...url, AWS_ACCESS_KEY_ID: 'id', AWS_SECRET_ACCESS_KEY: 'secret' }).AWS_SECRET_ACCESS_KEY).toBe(
      'secret',
    );
    expect(read(url).AWS_ACCESS_KEY_ID).toBeUndefined();
    expect(() => read({ ...url, AWS_ACCESS_KEY_ID: 'id' })).toThrow(
      /- AWS_SECRET_ACCESS_KEY: must be set with AWS_ACCESS_KEY_ID for STORAGE_URL/,
    );
    expect(() => read({ ...url, AWS_SECRET_ACCESS_KEY: 'secret' })).toThrow(
      /- AWS_ACCESS_KEY_ID: must be set with AWS_SECRET_ACCESS_KEY for STORAGE_URL/,
    );
    // Without STORAGE_URL the keys are someone else's business.
    expect(() => read({ AWS_ACCESS_KEY_ID: 'id' })).not.toThrow();
  });
});
