export interface Recommendation {
  sku: string;
  score: number;
}

// The recommendations service (FastAPI, `recommendations/`) runs beside the shop server.
export async function getRecommendations(userId: string): Promise<Recommendation[]> {
  const res = await fetch(`http://localhost:8000/recommendations/${userId}`);
  if (res.status === 404) {
    return [];
  }
  if (!res.ok) {
    throw new Error(`could not load recommendations for ${userId}`);
  }
  const body = await res.json();
  return body.items;
}
