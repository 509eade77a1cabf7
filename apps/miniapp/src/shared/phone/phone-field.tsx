import { type ComponentProps, useLayoutEffect, useRef } from 'react';
import { Field } from '../ui/field';
import { compactPhone, digitsBefore, maskPhone, positionAfterDigits } from './phone';

/**
 * A phone input that shows the number grouped as it is typed ('+7 916 700-11-25') while the form
 * holds the compact value it sends ('+79167001125'). The caret stays after the digit the finger
 * typed or erased, not thrown to the end.
 */
export function PhoneField({
  value,
  onChange,
  ...field
}: {
  value: string;
  onChange: (compact: string) => void;
} & Omit<ComponentProps<typeof Field>, 'value' | 'onChange' | 'type' | 'inputMode'>) {
  const input = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  const shown = maskPhone(value);

  useLayoutEffect(() => {
    const element = input.current;
    if (caret.current === null || !element || document.activeElement !== element) return;
    const at = positionAfterDigits(shown, caret.current);
    element.setSelectionRange(at, at);
    caret.current = null;
  });

  return (
    <Field
      ref={input}
      type="tel"
      inputMode="tel"
      autoComplete="off"
      {...field}
      value={shown}
      onChange={(event) => {
        const typed = event.target.value;
        const position = event.target.selectionStart ?? typed.length;
        // Typing at the end keeps the caret at the end; an edit inside keeps its place among the digits.
        caret.current = position >= typed.length ? null : digitsBefore(typed, position);
        onChange(compactPhone(typed));
      }}
    />
  );
}
