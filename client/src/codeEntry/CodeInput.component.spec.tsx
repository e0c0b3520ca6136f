import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { CodeInput } from './CodeInput';

/** The code entry as its screens hold it: the code in the parent's state, every full code reported. */
function Holder({ onComplete, initial = '' }: { onComplete: (code: string) => void; initial?: string }) {
  const [code, setCode] = useState(initial);
  return <CodeInput value={code} onChange={setCode} onComplete={onComplete} />;
}

/** A screen that re-renders every 200 ms with a new callback each time, as a countdown beside the code does. */
function TickingHolder({ onComplete }: { onComplete: (code: string) => void }) {
  const [code, setCode] = useState('');
  const [, setTicks] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTicks((n) => n + 1), 200);
    return () => clearInterval(timer);
  }, []);
  return <CodeInput value={code} onChange={setCode} onComplete={(value) => onComplete(value)} />;
}

const digitField = (n: number) => screen.getByRole('textbox', { name: `Цифра ${n}` });
const shown = () => [1, 2, 3, 4].map((n) => (digitField(n) as HTMLInputElement).value).join('');

/** The full code is not sent before 500 ms, is sent at 500 ms, and never again. */
function sentOnceAfterThePause(onComplete: jest.Mock, code: string) {
  act(() => jest.advanceTimersByTime(499));
  expect(onComplete).not.toHaveBeenCalled();
  act(() => jest.advanceTimersByTime(1));
  expect(onComplete).toHaveBeenCalledWith(code);
  act(() => jest.advanceTimersByTime(5_000));
  expect(onComplete).toHaveBeenCalledTimes(1);
}

describe('CodeInput', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });
  const user = () => userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });

  it('moves to the next field with each digit and sends the full code once, after a 500 ms pause', async () => {
    const onComplete = jest.fn();
    render(<Holder onComplete={onComplete} />);
    expect(screen.getByRole('group', { name: 'Код из СМС' })).toBeTruthy();
    // the first field takes the focus when the code is empty
    expect(document.activeElement).toBe(digitField(1));
    await user().keyboard('4821');
    expect(shown()).toBe('4821');
    expect(document.activeElement).toBe(digitField(4));
    sentOnceAfterThePause(onComplete, '4821');
  });

  it('sends the code after its pause even while the screen around it re-renders with new callbacks', async () => {
    const onComplete = jest.fn();
    render(<TickingHolder onComplete={onComplete} />);
    await user().keyboard('4821');
    sentOnceAfterThePause(onComplete, '4821');
  });

  it('takes only digits: letters and signs typed are ignored', async () => {
    const onComplete = jest.fn();
    render(<Holder onComplete={onComplete} />);
    await user().keyboard('a-1 b2');
    expect(shown()).toBe('12');
  });

  it('a pasted code fills every field, whatever surrounds its digits', () => {
    const onComplete = jest.fn();
    render(<Holder onComplete={onComplete} />);
    fireEvent.paste(digitField(1), { clipboardData: { getData: () => 'Код: 73-05' } });
    expect(shown()).toBe('7305');
    act(() => jest.advanceTimersByTime(500));
    expect(onComplete).toHaveBeenCalledWith('7305');
  });

  it('Backspace clears the field it is in, or the one before an empty one, and moves the focus there', async () => {
    render(<Holder onComplete={jest.fn()} initial="123" />);
    act(() => digitField(4).focus());
    await user().keyboard('{Backspace}');
    expect(shown()).toBe('12');
    expect(document.activeElement).toBe(digitField(3));
  });

  it('a code cut before its pause ends is not sent', async () => {
    const onComplete = jest.fn();
    render(<Holder onComplete={onComplete} />);
    await user().keyboard('1234');
    act(() => jest.advanceTimersByTime(300));
    await user().keyboard('{Backspace}');
    act(() => jest.advanceTimersByTime(1_000));
    expect(onComplete).not.toHaveBeenCalled();
  });
});
