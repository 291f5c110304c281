/**
 * The search worker threads give way to the shop's thread: on Linux a thread's nice value is its own
 * (setpriority(PRIO_PROCESS, 0) there sets the calling thread's, which `os.setPriority(0, …)` calls), so a
 * worker that raises its own leaves the cores to page renders whenever both want them, and still has them all
 * when the shop's thread is idle. Elsewhere the call would change the whole process, so it is not made.
 */
import { getPriority, setPriority } from 'node:os';

/** Nice 10: about a tenth of a core's share against a busy thread of nice 0 (the kernel's weights 110 and 1024). */
export const DEFAULT_SEARCH_WORKER_NICE = 10;

/** Where a thread's nice value is its own, so that raising it lowers only the calling thread. */
export const THREAD_NICE_IS_PER_THREAD = process.platform === 'linux';

/**
 * Raises the calling thread's nice value to `nice` (lowering its priority, which needs no privilege); never
 * lowers it, and changes nothing where nice values belong to the process.
 */
export function lowerThisThreadsPriority(nice: number): void {
  if (THREAD_NICE_IS_PER_THREAD && getPriority(0) < nice) setPriority(0, nice);
}
