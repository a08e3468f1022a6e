import { z } from './zod';

/** A language tag (`de`, `zh-CN`, `pt_BR`): the widget's `locale`, and a question's. */
export const LocaleSchema = z
  .string()
  .max(35)
  .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/, { message: 'must be a language tag such as de or zh-CN' });
