export type TransferToWorkerInput = {
  taskId: string;
  workerId: string;
  amountCents: number;
  /** Kept from the escrow in the same movement. */
  feeCents: number;
  description: string;
};
