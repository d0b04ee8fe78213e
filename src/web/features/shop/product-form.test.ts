import type { MyProduct } from '@shared/shop';
import { describe, expect, it } from 'vitest';
import { emptyProductForm, formFieldOf, productFormSchema, productToForm } from './product-form';

const errorsOf = (input: Partial<typeof emptyProductForm>) => {
  const result = productFormSchema.safeParse({ ...emptyProductForm, ...input });
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('product form', () => {
  it('turns dollars into cents and sends only the chosen kind’s fields', () => {
    const digital = productFormSchema.parse({
      ...emptyProductForm,
      name: 'Moon Course',
      price: '24.5',
      category: 'Courses',
      digitalContent: ' https://learn.example/moon ',
      stock: '7',
    });
    expect(digital).toEqual({
      name: 'Moon Course',
      description: '',
      priceCents: 2450,
      category: 'Courses',
      imageUrl: null,
      isDigital: true,
      digitalContent: 'https://learn.example/moon',
      stock: null,
    });
    const physical = productFormSchema.parse({
      ...emptyProductForm,
      name: 'Rose Quartz',
      price: '18.99',
      kind: 'physical',
      stock: '12',
      digitalContent: 'left over',
      imageUrl: 'https://img.example/rose.jpg',
    });
    expect(physical).toMatchObject({
      priceCents: 1899,
      isDigital: false,
      stock: 12,
      digitalContent: null,
      imageUrl: 'https://img.example/rose.jpg',
    });
  });

  it('puts each problem beside its field', () => {
    expect(errorsOf({ name: 'ab', price: '0.5', digitalContent: '' })).toEqual({
      name: 'Name must be at least 3 characters',
      price: 'Price must be at least $1',
    });
    expect(errorsOf({ name: 'Deck', price: 'twelve', kind: 'physical', stock: '-1', imageUrl: 'ftp://x' })).toEqual({
      price: 'Enter a price in dollars, like 24.99',
    });
    expect(errorsOf({ name: 'Deck', price: '12', kind: 'physical', stock: '', imageUrl: 'ftp://x' })).toEqual({
      imageUrl: 'Image must be an http(s) URL',
      stock: 'Enter the number in stock, 0 or more',
    });
    expect(errorsOf({ name: 'Course', price: '1000.01', digitalContent: '' })).toMatchObject({
      price: 'Price must be at most $1,000',
    });
    expect(errorsOf({ name: 'Course', price: '10', digitalContent: '' })).toEqual({
      digitalContent: 'A digital product needs its content or link',
    });
  });

  it('shows cents as dollars when editing, and maps server field names to the form’s', () => {
    const product: MyProduct = {
      id: 'p1',
      name: 'Deck',
      description: 'Cards',
      priceCents: 3999,
      category: 'Tarot',
      imageUrl: null,
      isDigital: false,
      stock: 4,
      rating: null,
      reviewCount: 0,
      isFeatured: false,
      seller: null,
      isHidden: false,
      digitalContent: null,
      moderationReason: null,
    };
    const form = productToForm(product);
    expect(form).toEqual({
      name: 'Deck',
      description: 'Cards',
      price: '39.99',
      category: 'Tarot',
      kind: 'physical',
      imageUrl: '',
      digitalContent: '',
      stock: '4',
    });
    expect(productFormSchema.parse(form)).toMatchObject({ priceCents: 3999, stock: 4 });
    expect(formFieldOf('priceCents')).toBe('price');
    expect(formFieldOf('stock')).toBe('stock');
    expect(formFieldOf('items')).toBeUndefined();
  });
});
