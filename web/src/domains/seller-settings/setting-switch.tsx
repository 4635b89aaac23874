/** One on/off setting: its label and what it does, and a switch (a checkbox with the switch role: Space toggles it). */
export function SettingSwitch({
  id,
  label,
  hint,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  return (
    <div className="setting-switch">
      <div className="setting-switch-text">
        <label htmlFor={id} className="setting-switch-label">
          {label}
        </label>
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      </div>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="switch"
        checked={checked}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.checked)}
      />
    </div>
  );
}
