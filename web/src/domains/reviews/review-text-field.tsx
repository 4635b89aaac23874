import { REVIEW_TEXT_MAX } from '../../../../shared/domain/reviews';
import { CountedTextarea } from '../../components/ui/counted-textarea';

/** A review's comment or a reply: at most REVIEW_TEXT_MAX characters, with its count shown. */
export function ReviewTextField(props: {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  disabled?: boolean;
}) {
  return <CountedTextarea {...props} max={REVIEW_TEXT_MAX} />;
}
