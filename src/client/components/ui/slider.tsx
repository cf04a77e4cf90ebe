import * as SliderPrimitive from '@radix-ui/react-slider';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

type SliderProps = ComponentProps<typeof SliderPrimitive.Root> & { thumbLabels?: string[] };

export function Slider({ className, thumbLabels = [], value, defaultValue, ...props }: SliderProps) {
  const thumbs = (value ?? defaultValue ?? [0]).length;
  return (
    <SliderPrimitive.Root
      className={cn('relative flex h-11 w-full touch-none select-none items-center', className)}
      value={value}
      defaultValue={defaultValue}
      {...props}
    >
      <SliderPrimitive.Track className="relative h-2 grow overflow-hidden rounded-full bg-sand">
        <SliderPrimitive.Range className="absolute h-full bg-primary-600" />
      </SliderPrimitive.Track>
      {Array.from({ length: thumbs }, (_, index) => (
        <SliderPrimitive.Thumb
          // biome-ignore lint/suspicious/noArrayIndexKey: thumbs are positional
          key={index}
          aria-label={thumbLabels[index]}
          className="block size-6 rounded-full border-2 border-primary-700 bg-white shadow focus-visible:outline-3 focus-visible:outline-accent-400"
        />
      ))}
    </SliderPrimitive.Root>
  );
}
