export const CLEARED_PROOF = {
  proofNote: null,
  proofPhotoIds: [],
  proofLat: null,
  proofLng: null,
  proofDistanceMeters: null,
  submittedAt: null,
};
