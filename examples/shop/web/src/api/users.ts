export interface UserView {
  id: string;
  displayName: string;
  email: string;
}

export async function getUser(id: string): Promise<UserView | null> {
  const res = await fetch(`/api/users/${id}`);
  if (res.status === 404) {
    return null;
  }
  if (!res.ok) {
    throw new Error(`could not load user ${id}`);
  }
  const body = await res.json();
  // Disagreement: the server sends `name`, not `displayName`.
  return { id: body.id, displayName: body.displayName, email: body.email };
}

export async function registerUser(name: string, email: string) {
  const res = await fetch("/api/users", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name, email }),
  });
  if (res.status === 409) {
    return { ok: false as const, reason: "taken" };
  }
  if (res.status !== 201) {
    throw new Error("registration failed");
  }
  const user = await res.json();
  return { ok: true as const, id: user.id };
}
