import { STEPS } from '../lib/listing-form';

/** The five steps as links: the current one is marked; any can be opened. */
export function WizardSteps({ step, onOpen }: { step: number; onOpen(step: number): void }) {
  return (
    <ol className="wizard-steps" aria-label="Steps">
      {STEPS.map((name, i) => (
        <li key={name} aria-current={i === step ? 'step' : undefined} className={i === step ? 'is-current' : undefined}>
          <button type="button" className="step-link" onClick={() => onOpen(i)}>
            <span className="step-number">{i + 1}</span> <span className="step-name">{name}</span>
          </button>
        </li>
      ))}
    </ol>
  );
}
