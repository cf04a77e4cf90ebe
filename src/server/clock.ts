/** The time source every usecase takes, so tests can stand at any moment. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

export function fixedClock(
  start: Date | string,
): Clock & { set(at: Date | string): void; advance(ms: number): void } {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set(at) {
      current = new Date(at);
    },
    advance(ms) {
      current = new Date(current.getTime() + ms);
    },
  };
}
