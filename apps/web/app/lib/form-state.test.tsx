// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFormState } from './form-state';

afterEach(cleanup);

function NameForm({ save }: { save: (name: string) => Promise<void> }) {
  const form = useFormState({ name: 'Ann' });
  const { error, ...input } = form.field('name');
  return (
    <form
      onSubmit={form.submit(async () => {
        if (form.values.name.trim() === '') return form.setErrors({ name: 'Name is required' });
        form.setErrors({});
        await save(form.values.name);
        form.setStatus({ tone: 'success', text: 'Saved' });
      })}
    >
      <input aria-label="Name" {...input} />
      {error ? <p>{error}</p> : null}
      <button type="submit" disabled={form.busy}>
        {form.busy ? 'Saving' : 'Save'}
      </button>
      {form.status ? <p role="status">{form.status.text}</p> : null}
    </form>
  );
}

describe('useFormState', () => {
  it('binds fields, shows field errors, is busy while the work runs and clears the message on change', async () => {
    let finish = () => {};
    const saved: string[] = [];
    render(
      <NameForm
        save={(name) =>
          new Promise<void>((resolve) => {
            saved.push(name);
            finish = resolve;
          })
        }
      />,
    );
    const input = screen.getByLabelText('Name') as HTMLInputElement;
    expect(input.value).toBe('Ann');
    fireEvent.change(input, { target: { value: '' } });
    await act(async () => {
      fireEvent.submit(input.form as HTMLFormElement);
    });
    expect(screen.getByText('Name is required')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'Bea' } });
    await act(async () => {
      fireEvent.submit(input.form as HTMLFormElement);
    });
    expect(saved).toEqual(['Bea']);
    expect(screen.getByRole('button').textContent).toBe('Saving');
    expect(screen.queryByText('Name is required')).toBeNull();
    await act(async () => finish());
    expect(screen.getByRole('button').textContent).toBe('Save');
    expect(screen.getByRole('status').textContent).toBe('Saved');
    fireEvent.change(input, { target: { value: 'Cy' } });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
