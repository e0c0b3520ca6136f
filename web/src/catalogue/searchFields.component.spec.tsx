import { describe, expect, it } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactElement } from 'react';
import { bound, GuestCounter, PriceRange, RangeField, RoomsPicker } from './searchFields';

/** A field as a search holds it: its value in the parent's state, every change kept. */
function Held<T>({
  initial,
  field,
}: {
  initial: T;
  field: (value: T, onChange: (next: T) => void) => ReactElement;
}) {
  const [value, setValue] = useState(initial);
  return field(value, setValue);
}

describe('RoomsPicker', () => {
  it('chooses any rooms in order, «Студия» only where asked for', async () => {
    const seen: number[][] = [];
    render(
      <Held
        initial={[] as number[]}
        field={(value, onChange) => (
          <RoomsPicker
            studio
            value={value}
            onChange={(rooms) => {
              seen.push(rooms);
              onChange(rooms);
            }}
          />
        )}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '4 комнаты и больше' }));
    await user.click(screen.getByRole('button', { name: 'Студия' }));
    await user.click(screen.getByRole('button', { name: '2-комнатная' }));
    expect(seen.at(-1)).toEqual([0, 2, 4]);
    expect(screen.getByRole('button', { name: '2-комнатная' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: '4 комнаты и больше' }));
    expect(seen.at(-1)).toEqual([0, 2]);
  });

  it('offers no studio unless asked', () => {
    render(<RoomsPicker value={[]} onChange={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Студия' })).toBeNull();
    expect(screen.getAllByRole('button')).toHaveLength(4);
  });
});

describe('RangeField and PriceRange', () => {
  it('keeps only digits in a price, and says nothing until «от» exceeds «до»', async () => {
    render(
      <Held
        initial={{ min: '', max: '' }}
        field={(range, onChange) => <PriceRange {...range} onChange={onChange} />}
      />,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Цена от, ₽'), '5 000 000 ₽');
    await user.type(screen.getByLabelText('до, ₽'), '4000000');
    expect(screen.getByLabelText<HTMLInputElement>('Цена от, ₽').value).toBe('5000000');
    expect(screen.getByLabelText<HTMLInputElement>('до, ₽').value).toBe('4000000');
    // PriceRange shows no error of its own: its form says it once for the search
    expect(screen.getByLabelText('Цена от, ₽').getAttribute('aria-invalid')).toBe('false');
  });

  it('under a heading, «от» and «до» are named for a screen reader by the price', () => {
    render(<PriceRange short min="" max="" onChange={() => {}} />);
    expect(screen.getByRole('textbox', { name: 'Цена от' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Цена до' })).toBeTruthy();
  });

  it('a decimal range takes a comma, two places at most, and marks a wrong order with its text under «от»', () => {
    render(
      <Held
        initial={{ min: '', max: '' }}
        field={(range, onChange) => (
          <RangeField
            {...range}
            onChange={onChange}
            labels={{ min: 'Площадь от', max: 'до' }}
            clean={(value) => bound(value, true)}
            decimal
            helperText="«от» больше, чем «до»"
          />
        )}
      />,
    );
    fireEvent.change(screen.getByLabelText('Площадь от'), { target: { value: '52,755' } });
    fireEvent.change(screen.getByLabelText('до'), { target: { value: '40' } });
    expect(screen.getByLabelText<HTMLInputElement>('Площадь от').value).toBe('52.75');
    expect(screen.getByLabelText('Площадь от').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('«от» больше, чем «до»')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('до'), { target: { value: '60' } });
    expect(screen.queryByText('«от» больше, чем «до»')).toBeNull();
  });
});

describe('GuestCounter', () => {
  it('counts up without limit and down to zero, where it asks for the count', async () => {
    render(
      <Held initial={1} field={(value, onChange) => <GuestCounter value={value} onChange={onChange} />} />,
    );
    const user = userEvent.setup();
    expect(screen.getByTestId('guests').textContent).toBe('1 гость');
    await user.click(screen.getByRole('button', { name: 'Больше гостей' }));
    await user.click(screen.getByRole('button', { name: 'Больше гостей' }));
    await user.click(screen.getByRole('button', { name: 'Больше гостей' }));
    await user.click(screen.getByRole('button', { name: 'Больше гостей' }));
    expect(screen.getByTestId('guests').textContent).toBe('5 гостей');
    for (let i = 0; i < 5; i++) await user.click(screen.getByRole('button', { name: 'Меньше гостей' }));
    expect(screen.getByTestId('guests').textContent).toBe('Укажите количество гостей');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Меньше гостей' }).disabled).toBe(true);
  });
});
