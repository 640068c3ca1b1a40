import { MEDIA_UPLOAD_FIELD } from '@doers/contract';
import type { FastifyRequest } from 'fastify';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { badRequest, HttpError } from '../../../platform/errors.js';

/**
 * Writes the one file of a multipart upload to `dir/upload` and returns that path. The name the
 * client gave it is never used (not for the path, not for the type). Cut off at `maxBytes`.
 */
export async function receiveUpload(
  request: FastifyRequest,
  dir: string,
  max: { bytes: number; message: string },
): Promise<string> {
  if (!request.isMultipart()) {
    throw new HttpError(
      415,
      `Send the file as multipart/form-data, in the form field "${MEDIA_UPLOAD_FIELD}"`,
    );
  }
  const path = join(dir, 'upload');
  let received = false;
  try {
    const parts = request.parts({
      limits: { fileSize: max.bytes, files: 2, fields: 10, parts: 12, fieldSize: 1024 },
    });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== MEDIA_UPLOAD_FIELD) {
        part.file.resume();
        throw badRequest(
          `Send the file in the form field "${MEDIA_UPLOAD_FIELD}", not "${part.fieldname.slice(0, 40)}"`,
        );
      }
      if (received) {
        part.file.resume();
        throw badRequest('Send one file per upload');
      }
      received = true;
      await pipeline(part.file, createWriteStream(path, { flags: 'wx' }));
    }
  } catch (error) {
    throw uploadError(error, max.message);
  }
  if (!received) throw badRequest(`No file: send it in the form field "${MEDIA_UPLOAD_FIELD}"`);
  return path;
}

function uploadError(error: unknown, tooLarge: string): unknown {
  if (error instanceof HttpError) return error;
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, tooLarge);
    case 'FST_FILES_LIMIT':
      return badRequest('Send one file per upload');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return badRequest('Too many form fields: send only the file');
    case 'FST_MP_PREMATURE_CLOSE':
      return badRequest('The upload was cut off before the file arrived whole');
    default:
      // Busboy's own complaints: a malformed or unfinished multipart body.
      if (error instanceof Error && /multipart|boundary|unexpected end/i.test(error.message)) {
        return badRequest('The upload is not a valid multipart/form-data body');
      }
      return error;
  }
}
