/** One task's pay to its worker, as `transferToWorker`, `transferOrHold` and `sendTransfer` take it. */
export type TransferToWorkerInput = {
  taskId: string;
  workerId: string;
  /** What the worker earns (the task's budget). */
  amountCents: number;
  /** The platform's fee, kept from the escrow in the same movement (0 for released pay: already taken). */
  feeCents: number;
  description: string;
  /** Pay `transferOrHold` held: it comes from what the platform owes the worker, not from the escrow. */
  released?: boolean;
};
