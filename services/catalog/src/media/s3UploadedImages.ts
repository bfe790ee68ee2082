import { AwsClient } from 'aws4fetch';
import type { Knex } from 'knex';
import { databaseUploadedImages, strongEtag, type UploadedImages } from './uploadedImages';

/** An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Ceph...) for staff uploads. */
export interface S3Settings {
  bucket: string;
  /** The store's origin; objects are addressed path-style, `<endpoint>/<bucket>/<key>`, which every such store serves. */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Prepended to every object's key ('catalog/uploads/'), so one bucket may hold other things too. */
  prefix: string;
}

type Env = Record<string, string | undefined>;

/**
 * The bucket when S3_BUCKET is set, else null (the pictures stay in the database). A bucket without
 * its keys stops the service at start rather than failing every upload later.
 */
export function s3SettingsFromEnv(env: Env = process.env): S3Settings | null {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return null;
  const region = env.S3_REGION?.trim() || 'us-east-1';
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim();
  if (!accessKeyId || !secretAccessKey) throw new Error('S3_BUCKET is set: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are needed too');
  const endpoint = (env.S3_ENDPOINT?.trim() || `https://s3.${region}.amazonaws.com`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+$/.test(endpoint)) throw new Error(`S3_ENDPOINT must be an origin such as http://minio:9000, got "${endpoint}"`);
  return { bucket, endpoint, region, accessKeyId, secretAccessKey, prefix: env.S3_PREFIX?.trim() ?? 'catalog/uploads/' };
}

/**
 * Staff uploads in an S3-compatible bucket: PUT and GET of one object per picture, signed with AWS
 * Signature V4 by aws4fetch (one small file over the platform's fetch; see the README). Names are
 * content hashes, so writing one again writes the same bytes: no check before a PUT is needed.
 */
export function s3UploadedImages(settings: S3Settings, fetchImpl: typeof fetch = fetch): UploadedImages {
  const aws = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    region: settings.region,
    service: 's3',
    retries: 2,
  });
  const url = (name: string) => `${settings.endpoint}/${encodeURIComponent(settings.bucket)}/${settings.prefix}${encodeURIComponent(name)}`;
  const send = async (request: Request): Promise<Response> => fetchImpl(await aws.sign(request));
  const failed = async (what: string, response: Response) =>
    new Error(`S3 ${what} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);

  return {
    async put(name, bytes, contentType) {
      const response = await send(
        new Request(url(name), { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': contentType } }),
      );
      if (!response.ok) throw await failed(`PUT ${name}`, response);
    },
    async get(name) {
      const response = await send(new Request(url(name), { method: 'GET' }));
      // S3 answers 403 for a missing key when the credentials may not list the bucket.
      if (response.status === 404 || response.status === 403) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) throw await failed(`GET ${name}`, response);
      const bytes = Buffer.from(await response.arrayBuffer());
      const modified = response.headers.get('last-modified');
      return {
        bytes,
        contentType: response.headers.get('content-type') ?? 'application/octet-stream',
        etag: strongEtag(bytes),
        createdAt: modified ? new Date(modified) : new Date(0),
      };
    },
  };
}

/** Where this catalog keeps staff uploads: the bucket when one is configured (S3_BUCKET), else its database. */
export function uploadedImagesFor(db: Knex, env: Env = process.env): UploadedImages {
  const s3 = s3SettingsFromEnv(env);
  return s3 ? s3UploadedImages(s3) : databaseUploadedImages(db);
}
