import { Quote } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';
import { testimonials } from './home-content';
import { FiveStars } from './star-rating';

export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <h2 id="testimonials-title" className="mb-10 text-center font-script text-5xl text-pink">
        Words from Our Tribe
      </h2>
      <ul className="grid gap-6 md:grid-cols-3">
        {testimonials.map((testimonial) => (
          <li key={testimonial.name}>
            <Card className="h-full">
              <CardContent className="flex h-full flex-col gap-4 pt-6">
                <div className="flex items-center justify-between">
                  <FiveStars rating={testimonial.rating} />
                  <Quote className="size-6 text-pink/60" aria-hidden="true" />
                </div>
                <blockquote className="flex-1 italic">“{testimonial.quote}”</blockquote>
                <p className="text-sm">
                  <span className="font-semibold">{testimonial.name}</span>
                  <span className="text-muted-foreground"> · {testimonial.detail}</span>
                </p>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
