export const CLEARED_PROOF = {
  proofNote: null,
  proofPhotoIds: [],
  proofLat: null,
  proofLng: null,
  proofDistanceMeters: null,
  proofVerification: null,
  autoApproveAt: null,
  submittedAt: null,
};
