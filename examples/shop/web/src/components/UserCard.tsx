import { useEffect, useState } from "react";
import { getUser, type UserView } from "../api/users";

export function UserCard({ userId }: { userId: string }) {
  const [user, setUser] = useState<UserView | null>(null);
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    getUser(userId).then((u) => {
      if (u === null) setMissing(true);
      else setUser(u);
    });
  }, [userId]);

  if (missing) return <p className="muted">No such user.</p>;
  if (!user) return <p>Loading…</p>;
  return (
    <div className="card">
      <h2>{user.displayName}</h2>
      <a href={`mailto:${user.email}`}>{user.email}</a>
    </div>
  );
}
