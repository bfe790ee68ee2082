import multer from '@koa/multer';
import type Koa from 'koa';
import { unprocessable } from '@shop/service-kit';

/**
 * The back office's coupon form is plain text fields (the spec sends it as multipart/form-data):
 * no files, a dozen short values. Generous limits still bound what one request can make us hold.
 */
const fieldsOnly = multer({ limits: { files: 0, fields: 40, fieldSize: 10_000, parts: 40 } });

export const MULTIPART_MESSAGES = {
  noFiles: 'This form takes no files.',
  tooLarge: 'The form is too large.',
  unreadable: 'The form could not be read.',
} as const;

/**
 * Reads a multipart/form-data body into ctx.request.body (every value a string, as the shared
 * schemas expect from forms); JSON bodies pass through untouched. Like the catalog's product
 * forms, what multer refuses becomes a 422 with a message under `_`, never a 500.
 */
export const multipartFields: Koa.Middleware = async (ctx, next) => {
  if (!ctx.is('multipart')) return next();
  try {
    // No file field is declared, so any file part is refused (multer's none(), which the types lack).
    await fieldsOnly.fields([])(ctx as never, async () => undefined);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'LIMIT_UNEXPECTED_FILE' || code === 'LIMIT_FILE_COUNT') throw unprocessable({ _: [MULTIPART_MESSAGES.noFiles] });
    if (code?.startsWith('LIMIT_')) throw unprocessable({ _: [MULTIPART_MESSAGES.tooLarge] });
    throw unprocessable({ _: [MULTIPART_MESSAGES.unreadable] });
  }
  await next();
};
