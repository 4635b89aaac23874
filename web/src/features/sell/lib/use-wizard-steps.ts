import { useEffect, useRef, useState } from 'react';
import { STEPS } from './listing-form';

/** Which step shows, and the step heading focus moves to when it changes. */
export function useWizardSteps() {
  const [step, setStep] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  // Focus follows a step change (not the first render), so keyboard and screen-reader users land on the new step.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    heading.current?.focus();
  }, [step]);
  const previous = () => setStep((s) => Math.max(0, s - 1));
  const next = () => setStep((s) => Math.min(STEPS.length - 1, s + 1));
  return { step, setStep, previous, next, heading, last: step === STEPS.length - 1 };
}
