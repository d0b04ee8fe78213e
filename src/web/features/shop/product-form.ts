import { centsToDollarInput, parseDollarsToCents } from '@shared/money';
import { isKeyOf } from '@shared/records';
import { type MyProduct, productInputSchema, SHOP_CATEGORIES } from '@shared/shop';
import { z } from '@shared/zod-config';

const shape = productInputSchema.shape;
export const PRODUCT_KINDS = ['digital', 'physical'] as const;

/** A price typed in dollars ("12.50"), checked and turned into cents within the shared bounds. */
const dollarPriceSchema = z
  .string()
  .trim()
  .min(1, 'Enter a price')
  .transform((text, ctx) => {
    const cents = parseDollarsToCents(text);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: 'Enter a price in dollars, like 24.99' });
      return z.NEVER;
    }
    return cents;
  })
  .pipe(shape.priceCents);

/**
 * The product dialog's fields as typed, turned into the body of POST /api/shop/products (or the
 * PATCH of one). Only the fields of the chosen kind are checked and sent.
 */
export const productFormSchema = z
  .object({
    name: shape.name,
    description: z.string().trim().max(5000, 'Description must be at most 5,000 characters'),
    price: dollarPriceSchema,
    category: z.enum(SHOP_CATEGORIES, { error: 'Choose one of the categories' }),
    kind: z.enum(PRODUCT_KINDS, { error: 'Choose digital or physical' }),
    imageUrl: z.string().trim(),
    digitalContent: z.string().trim(),
    stock: z.string().trim(),
  })
  .transform((form, ctx): z.output<typeof productInputSchema> => {
    const isDigital = form.kind === 'digital';
    const imageUrl = shape.imageUrl.safeParse(form.imageUrl === '' ? null : form.imageUrl);
    if (!imageUrl.success)
      ctx.addIssue({ code: 'custom', path: ['imageUrl'], message: 'Image must be an http(s) URL' });
    const content = shape.digitalContent.safeParse(form.digitalContent || null);
    if (isDigital && !form.digitalContent)
      ctx.addIssue({
        code: 'custom',
        path: ['digitalContent'],
        message: 'A digital product needs its content or link',
      });
    else if (isDigital && !content.success)
      ctx.addIssue({
        code: 'custom',
        path: ['digitalContent'],
        message: content.error.issues[0]?.message ?? 'Check the content',
      });
    const stock = /^\d+$/.test(form.stock) ? shape.stock.safeParse(Number(form.stock)) : null;
    if (!isDigital && !stock?.success)
      ctx.addIssue({ code: 'custom', path: ['stock'], message: 'Enter the number in stock, 0 or more' });
    return {
      name: form.name,
      description: form.description,
      priceCents: form.price,
      category: form.category,
      imageUrl: imageUrl.success ? imageUrl.data : null,
      isDigital,
      digitalContent: isDigital && content.success ? content.data : null,
      stock: !isDigital && stock?.success ? stock.data : null,
    };
  });
export type ProductFormInput = z.input<typeof productFormSchema>;
export type ProductFormOutput = z.output<typeof productFormSchema>;
export type ProductFormField = keyof ProductFormInput;

export const emptyProductForm: ProductFormInput = {
  name: '',
  description: '',
  price: '',
  category: 'Crystals',
  kind: 'digital',
  imageUrl: '',
  digitalContent: '',
  stock: '',
};

/** An existing product in the dialog's terms, to edit it. */
export function productToForm(product: MyProduct): ProductFormInput {
  return {
    name: product.name,
    description: product.description,
    price: centsToDollarInput(product.priceCents),
    category: product.category,
    kind: product.isDigital ? 'digital' : 'physical',
    imageUrl: product.imageUrl ?? '',
    digitalContent: product.digitalContent ?? '',
    stock: product.stock === null ? '' : String(product.stock),
  };
}

/** The server names some fields as the API does; the form names them as people type them. */
const SERVER_FIELDS: Record<string, ProductFormField> = { priceCents: 'price', isDigital: 'kind' };

export function formFieldOf(serverField: string): ProductFormField | undefined {
  if (SERVER_FIELDS[serverField]) return SERVER_FIELDS[serverField];
  return isKeyOf(emptyProductForm, serverField) ? serverField : undefined;
}
