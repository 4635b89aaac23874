import { useId, useState, type FormEvent } from 'react';
import { SearchIcon } from './icons';

export interface SearchFieldProps {
  /** Called with the trimmed text on Enter or the Search button. */
  onSearch: (text: string) => void;
  label: string;
  /** Shows the label on screen; otherwise it is for screen readers only. */
  showLabel?: boolean;
  defaultValue?: string;
  placeholder?: string;
  buttonLabel?: string;
  /** Hides the Search button text (icon only), e.g. in the compact header. */
  compact?: boolean;
  className?: string;
}

/** A search form: a labelled text input and a submit button. */
export function SearchField(props: SearchFieldProps) {
  const id = useId();
  const [text, setText] = useState(props.defaultValue ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onSearch(text.trim());
  };
  return (
    <form role="search" className={`search-field ${props.className ?? ''}`} onSubmit={submit}>
      <label htmlFor={id} className={props.showLabel ? 'field-label' : 'sr-only'}>
        {props.label}
      </label>
      <input
        id={id}
        className="input"
        type="search"
        value={text}
        maxLength={100}
        placeholder={props.placeholder}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" className={`btn btn-primary${props.compact ? ' btn-icon' : ''}`}>
        <SearchIcon />
        <span className={props.compact ? 'sr-only' : undefined}>{props.buttonLabel ?? 'Search'}</span>
      </button>
    </form>
  );
}
