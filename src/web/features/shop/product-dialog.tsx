import { formatCount } from '@shared/count-format';
import { zodResolver } from '@hookform/resolvers/zod';
import type { MyProduct } from '@shared/shop';
import { PRODUCT_PRICE_MAX_CENTS, PRODUCT_PRICE_MIN_CENTS, SHOP_CATEGORIES } from '@shared/shop-rules';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { selectClassName } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useSaveProduct } from './api';
import {
  emptyProductForm,
  formFieldOf,
  type ProductFormField,
  type ProductFormInput,
  type ProductFormOutput,
  productFormSchema,
  productToForm,
} from './product-form';

const PRICE_HINT = `From $${PRODUCT_PRICE_MIN_CENTS / 100} to $${formatCount(PRODUCT_PRICE_MAX_CENTS / 100)}`;
const CONTENT_HINT = 'What buyers receive: a message, a link to the course or download. Only buyers see it.';

function ProductForm({ product, onDone }: { product: MyProduct | null; onDone: () => void }) {
  const save = useSaveProduct();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<ProductFormInput, unknown, ProductFormOutput>({
    resolver: zodResolver(productFormSchema),
    defaultValues: product ? productToForm(product) : emptyProductForm,
  });
  const isDigital = watch('kind') === 'digital';

  const submit = (input: ProductFormOutput) => {
    setFormError(null);
    save.mutate(
      { id: product?.id ?? null, input },
      {
        onSuccess: (saved) => {
          toast.success(product ? `"${saved.name}" saved` : `"${saved.name}" is in the shop`);
          onDone();
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? Object.entries(error.fields ?? {}) : [];
          let placed = 0;
          for (const [name, message] of fields) {
            const field = formFieldOf(name);
            if (!field) continue;
            setError(field, { message });
            placed++;
          }
          if (placed === 0) setFormError(error.message);
        },
      },
    );
  };

  const field = (name: ProductFormField) => ({ id: `product-${name}`, error: errors[name]?.message });
  const name = field('name');
  const description = field('description');
  const price = field('price');
  const category = field('category');
  const imageUrl = field('imageUrl');
  const content = field('digitalContent');
  const stock = field('stock');
  const kind = field('kind');

  return (
    <form
      className="grid gap-4"
      onSubmit={handleSubmit(submit)}
      aria-label={product ? 'Edit product' : 'Add product'}
      noValidate
    >
      <FormField {...name} label="Name">
        <Input
          maxLength={120}
          placeholder="Moonstone Pendulum"
          {...fieldAria(name.id, name.error)}
          {...register('name')}
        />
      </FormField>
      <FormField {...description} label="Description">
        <Textarea
          rows={3}
          maxLength={5000}
          {...fieldAria(description.id, description.error)}
          {...register('description')}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField {...price} label="Price ($)" hint={PRICE_HINT}>
          <Input
            inputMode="decimal"
            placeholder="24.99"
            {...fieldAria(price.id, price.error, PRICE_HINT)}
            {...register('price')}
          />
        </FormField>
        <FormField {...category} label="Category">
          <select className={selectClassName} {...fieldAria(category.id, category.error)} {...register('category')}>
            {SHOP_CATEGORIES.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <fieldset className="grid gap-2" aria-describedby={kind.error ? `${kind.id}-error` : undefined}>
        <legend className="mb-1 text-sm font-semibold">Type</legend>
        <div className="flex flex-wrap gap-4">
          <label className="flex cursor-pointer items-center gap-2 text-sm">
            <input type="radio" value="digital" className="size-4 accent-primary" {...register('kind')} />
            Digital (a course, a download)
          </label>
          <label className="flex cursor-pointer items-center gap-2 text-sm">
            <input type="radio" value="physical" className="size-4 accent-primary" {...register('kind')} />
            Physical (shipped)
          </label>
        </div>
        {kind.error ? (
          <p id={`${kind.id}-error`} role="alert" className="text-sm font-semibold text-destructive">
            {kind.error}
          </p>
        ) : null}
      </fieldset>
      {isDigital ? (
        <FormField {...content} label="Digital content" hint={CONTENT_HINT}>
          <Textarea
            rows={3}
            maxLength={10_000}
            placeholder="Your lessons: https://…"
            {...fieldAria(content.id, content.error, CONTENT_HINT)}
            {...register('digitalContent')}
          />
        </FormField>
      ) : (
        <FormField {...stock} label="In stock">
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            max={100_000}
            {...fieldAria(stock.id, stock.error)}
            {...register('stock')}
          />
        </FormField>
      )}
      <FormField {...imageUrl} label="Image URL (optional)">
        <Input
          type="url"
          placeholder="https://…"
          maxLength={500}
          {...fieldAria(imageUrl.id, imageUrl.error)}
          {...register('imageUrl')}
        />
      </FormField>
      {formError ? (
        <Alert variant="destructive" role="alert">
          {formError}
        </Alert>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : product ? 'Save Product' : 'Add Product'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** 'Add Product' (product null) or 'Edit' of one, in a dialog with a fresh form each time. */
export function ProductDialog({
  open,
  product,
  onOpenChange,
}: {
  open: boolean;
  product: MyProduct | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{product ? 'Edit Product' : 'Add Product'}</DialogTitle>
          <DialogDescription>
            {product
              ? 'Changes show in the shop at once.'
              : 'It appears in the shop as soon as you add it; you earn 70% of each sale.'}
          </DialogDescription>
        </DialogHeader>
        {open ? <ProductForm key={product?.id ?? 'new'} product={product} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
