import type { Pick } from '@app/shared/simulator';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select';
import type { TriggerField } from '../simulator.api';

/**
 * SPEC §5 Trigger dialog: a percentage (decimals, step 0.1; positive = profit target,
 * negative = stop loss) or a date. The server runs the trigger, even while the member is away.
 */
export function TriggerDialog({
  pick,
  busy,
  onClose,
  onSave,
}: {
  pick: Pick | null;
  busy: boolean;
  onClose: () => void;
  onSave: (pick: Pick, field: TriggerField) => void;
}) {
  return (
    <Dialog
      open={pick !== null}
      onClose={onClose}
      title="Add Auto-sell Trigger"
      description={
        pick ? `${pick.comp_name} (${pick.ticker}) sells automatically at the close that reaches it.` : undefined
      }
    >
      {pick ? <TriggerForm pick={pick} busy={busy} onSave={onSave} /> : null}
    </Dialog>
  );
}

function TriggerForm({
  pick,
  busy,
  onSave,
}: {
  pick: Pick;
  busy: boolean;
  onSave: (pick: Pick, field: TriggerField) => void;
}) {
  const [type, setType] = useState<'percentage' | 'date'>('percentage');
  const [value, setValue] = useState('');
  const percent = Number(value);
  const error =
    value === ''
      ? undefined
      : type === 'percentage' && (!Number.isFinite(percent) || percent === 0 || !/^-?\d+(\.\d{1,2})?$/.test(value))
        ? 'Enter a non-zero percentage, e.g. 5 or -5'
        : undefined;
  const valid = value !== '' && !error;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    if (type === 'date') onSave(pick, { asell_date: value });
    else if (percent > 0) onSave(pick, { asell_above: percent });
    else onSave(pick, { asell_below: -percent });
  };
  return (
    <form onSubmit={submit} className="space-y-4">
      <SelectField
        label="Trigger type"
        name="type"
        value={type}
        onChange={(e) => {
          setType(e.target.value === 'date' ? 'date' : 'percentage');
          setValue('');
        }}
        options={[
          { value: 'percentage', label: 'Percentage' },
          { value: 'date', label: 'Date' },
        ]}
      />
      {type === 'percentage' ? (
        <Field
          label="Change from buy price (%)"
          name="value"
          type="number"
          step="0.1"
          required
          value={value}
          onChange={(e) => setValue(e.target.value)}
          hint="Positive for a profit target (5 sells at +5%), negative for a stop loss (-5 sells at -5%)."
          error={error}
        />
      ) : (
        <Field
          label="Sell on"
          name="value"
          type="date"
          required
          value={value}
          onChange={(e) => setValue(e.target.value)}
          hint="Sells at the close of the first trading day on or after this date."
        />
      )}
      <Button type="submit" disabled={!valid} busy={busy} busyText="Saving…" fullWidth>
        Add Trigger
      </Button>
    </form>
  );
}
