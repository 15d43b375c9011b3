/** One task's pay to its worker, as `transferToWorker` and `recordWorkerPay` take it. */
export type TransferToWorkerInput = {
  taskId: string;
  workerId: string;
  /** What the worker earns (the task's budget). */
  amountCents: number;
  /** The platform's fee, kept from the escrow in the same movement. */
  feeCents: number;
  description: string;
};
