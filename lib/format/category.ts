/**
 * A task or service category as people read it: `mystery_shopping` → "Mystery shopping". The one spelling of a
 * category on every page (the API and MCP keep the id); derived from the id so a new category needs no label.
 */
export const formatCategory = (category: string) => {
  const words = category.trim().replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};
