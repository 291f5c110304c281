import { describe, expect, it } from 'vitest';
import { createTurns } from './turns.ts';

/** Turns whose "later" is a list the test runs by hand, so each task boundary is explicit. */
function turnsByHand() {
  const tasks: Array<() => void> = [];
  const drawn: string[] = [];
  const turns = createTurns<string>((next) => tasks.push(next));
  const ask = (key: string) => turns.ask(key, () => drawn.push(key));
  const runTask = () => tasks.shift()?.();
  return { turns, ask, drawn, tasks, runTask };
}

describe('turns', () => {
  it('draws the first at once and each next one in a later task, after the one before finished', () => {
    const { turns, ask, drawn, tasks, runTask } = turnsByHand();
    ask('a');
    ask('b');
    ask('c');
    expect(drawn).toEqual(['a']);
    expect(tasks).toHaveLength(0);
    turns.finish('a');
    expect(drawn).toEqual(['a']);
    runTask();
    expect(drawn).toEqual(['a', 'b']);
    turns.finish('b');
    runTask();
    expect(drawn).toEqual(['a', 'b', 'c']);
  });

  it('skips a key that is gone before its turn, and keeps going when the running one is gone', () => {
    const { turns, ask, drawn, runTask } = turnsByHand();
    ask('a');
    ask('b');
    ask('c');
    turns.finish('b');
    turns.finish('a');
    runTask();
    expect(drawn).toEqual(['a', 'c']);
  });

  it('asks once per key: asking again while waiting or running draws it once', () => {
    const { turns, ask, drawn, runTask } = turnsByHand();
    ask('a');
    ask('a');
    ask('b');
    ask('b');
    turns.finish('a');
    runTask();
    turns.finish('b');
    runTask();
    expect(drawn).toEqual(['a', 'b']);
  });

  it('finishing a key twice, or one that never ran, starts no second draw at once', () => {
    const { turns, ask, drawn, tasks, runTask } = turnsByHand();
    ask('a');
    ask('b');
    ask('c');
    turns.finish('a');
    turns.finish('a');
    turns.finish('x');
    expect(tasks).toHaveLength(1);
    runTask();
    expect(drawn).toEqual(['a', 'b']);
  });

  it('a key asked after the queue ran dry is drawn at once', () => {
    const { turns, ask, drawn, runTask } = turnsByHand();
    ask('a');
    turns.finish('a');
    runTask();
    ask('b');
    expect(drawn).toEqual(['a', 'b']);
  });
});
