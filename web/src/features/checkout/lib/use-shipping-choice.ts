import { useState } from 'react';

/**
 * The chosen shipping service, reset when the cart's quantities (or what is shipped) change (spec part 2 "Shipping
 * rate loading"). `boundTo` names what the choice was made for.
 */
export function useShippingChoice(boundTo: string) {
  const [choice, setChoice] = useState<string | null>(null);
  const [choiceFor, setChoiceFor] = useState(boundTo);
  if (choiceFor !== boundTo) {
    setChoiceFor(boundTo);
    setChoice(null);
  }
  return [choice, setChoice] as const;
}
