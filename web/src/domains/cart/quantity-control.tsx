import '../../styles/cart-lines.css';
import { useEffect, useState } from 'react';
import { MinusIcon, PlusIcon } from '../../components/ui/icons';

export interface QuantityControlProps {
  /** What the quantity is of, for the controls' names ('Quantity of Oak Desk'). */
  title: string;
  value: number;
  /** The most that may be chosen (units left); the value may be above it, then only lowering is offered. */
  max: number;
  disabled?: boolean;
  /** A new quantity; 0 removes the line (spec part 2: a quantity of 0 or less removes). */
  onChange(quantity: number): void;
}

/** − / number / + for a cart line. The field commits on Enter or when it loses focus. */
export function QuantityControl({ title, value, max, disabled = false, onChange }: QuantityControlProps) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const commit = () => {
    const n = Number.parseInt(text, 10);
    if (!Number.isFinite(n)) return setText(String(value));
    const next = Math.min(n, Math.max(max, value));
    if (next === value) return setText(String(value));
    onChange(Math.max(0, next));
  };
  return (
    <div className="quantity-control" role="group" aria-label={`Quantity of ${title}`}>
      <button
        type="button"
        className="btn btn-outline btn-icon"
        aria-label={`Decrease quantity of ${title}`}
        disabled={disabled}
        onClick={() => onChange(value - 1)}
      >
        <MinusIcon />
      </button>
      <input
        className="input quantity-input"
        type="number"
        inputMode="numeric"
        min={0}
        max={Math.max(max, value)}
        step={1}
        aria-label={`Quantity of ${title}`}
        value={text}
        disabled={disabled}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          }
        }}
      />
      <button
        type="button"
        className="btn btn-outline btn-icon"
        aria-label={`Increase quantity of ${title}`}
        disabled={disabled || value >= max}
        onClick={() => onChange(value + 1)}
      >
        <PlusIcon />
      </button>
    </div>
  );
}
