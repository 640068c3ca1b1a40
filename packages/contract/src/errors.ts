import { z } from 'zod';

/** Every failure of the API has this shape (docs/product/app-shell.md). */
export const fieldError = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldError>;

export const apiErrorBody = z.object({
  message: z.string(),
  statusCode: z.number().int(),
  errors: z.array(fieldError).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBody>;
