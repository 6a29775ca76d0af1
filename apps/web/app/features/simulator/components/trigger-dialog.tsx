import { formatPrice } from '@app/shared/format';
import type { Pick } from '@app/shared/simulator';
import { firstTriggerDate, isStopPercent, isTargetPercent, TRIGGER_LIMITS } from '@app/shared/simulator-view';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select';
import { useFormState } from '../../../lib/form-state';
import type { TriggerField } from '../simulator.api';
import { DialogForm } from './dialog-form';

const PERCENT_TEXT = /^-?\d+(\.\d{1,2})?$/;

/** The server's rule (`isTargetPercent`, `isStopPercent`) in words a member can act on. */
export function percentProblem(text: string): string | undefined {
  const percent = Number(text);
  if (!PERCENT_TEXT.test(text) || !Number.isFinite(percent) || percent === 0) {
    return 'Enter a non-zero percentage with at most 2 decimals, e.g. 5 or -5';
  }
  if (percent > 0 && !isTargetPercent(percent)) {
    return `A profit target runs from +${TRIGGER_LIMITS.targetMin}% to +${TRIGGER_LIMITS.targetMax.toLocaleString('en-US')}%`;
  }
  if (percent < 0 && !isStopPercent(percent)) {
    return `A stop loss runs from -${TRIGGER_LIMITS.stopMin}% to -${TRIGGER_LIMITS.stopMax}% (a price cannot fall 100%)`;
  }
  return undefined;
}

/** SPEC §5: positive = profit target, negative = stop loss; refuses what could never fire. */
export function TriggerDialog({
  pick,
  busy,
  error,
  onClose,
  onSave,
}: {
  pick: Pick | null;
  busy: boolean;
  error: string | null;
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
      {pick ? <TriggerForm pick={pick} busy={busy} error={error} onSave={onSave} /> : null}
    </Dialog>
  );
}

function TriggerForm({
  pick,
  busy,
  error,
  onSave,
}: {
  pick: Pick;
  busy: boolean;
  error: string | null;
  onSave: (pick: Pick, field: TriggerField) => void;
}) {
  const form = useFormState({ type: 'percentage', value: '' });
  const { type, value } = form.values;
  const earliest = firstTriggerDate(pick.cur_date);
  const problem =
    value === ''
      ? undefined
      : type === 'percentage'
        ? percentProblem(value)
        : value < earliest
          ? `Choose ${earliest} or later: the last close is from ${pick.cur_date}`
          : undefined;
  const save = () => {
    const percent = Number(value);
    if (type === 'date') onSave(pick, { asell_date: value });
    else if (percent > 0) onSave(pick, { asell_above: percent });
    else onSave(pick, { asell_below: -percent });
  };
  return (
    <DialogForm
      canSubmit={value !== '' && !problem}
      onSubmit={save}
      busy={busy}
      busyText="Saving…"
      submitText="Add Trigger"
      error={error}
    >
      <SelectField
        label="Trigger type"
        name="type"
        value={type}
        onChange={(e) => form.setValues({ type: e.target.value === 'date' ? 'date' : 'percentage', value: '' })}
        options={[
          { value: 'percentage', label: 'Percentage' },
          { value: 'date', label: 'Date' },
        ]}
      />
      {type === 'percentage' ? (
        <Field
          label="Change from buy price (%)"
          type="number"
          step="0.1"
          min={-TRIGGER_LIMITS.stopMax}
          max={TRIGGER_LIMITS.targetMax}
          required
          {...form.field('value')}
          hint={`Positive for a profit target (5 sells at +5%, up to +${TRIGGER_LIMITS.targetMax.toLocaleString('en-US')}%), negative for a stop loss (-5 sells at -5%, down to -${TRIGGER_LIMITS.stopMax}%). Bought at ${formatPrice(pick.purchase_price)}.`}
          error={problem}
        />
      ) : (
        <Field
          label="Sell on"
          type="date"
          min={earliest}
          required
          {...form.field('value')}
          hint={
            value && !problem
              ? `${pick.ticker} will be sold at the close of the first trading day on or after ${value}, at whatever that close is.`
              : `Sells at the close of the first trading day on or after this date (${earliest} at the earliest).`
          }
          error={problem}
        />
      )}
    </DialogForm>
  );
}
