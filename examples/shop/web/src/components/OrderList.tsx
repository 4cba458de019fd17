import { useEffect, useState } from "react";
import { listOrders } from "../api/orders";

export function OrderList({ userId }: { userId: string }) {
  const [orders, setOrders] = useState<{ id: string; status: string }[]>([]);

  useEffect(() => {
    listOrders(userId).then(setOrders);
  }, [userId]);

  async function refreshHealth() {
    const res = await fetch("/health");
    return res.ok;
  }

  return (
    <ul onClick={refreshHealth}>
      {orders.map((o) => (
        <li key={o.id}>
          {o.id}: {o.status}
        </li>
      ))}
    </ul>
  );
}
