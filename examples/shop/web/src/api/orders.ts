import { http } from "./http";

export interface OrderItem {
  sku: string;
  quantity: number;
}

export async function listOrders(userId: string) {
  const { data } = await http.get(`/orders?userId=${userId}`);
  return data.orders;
}

export async function placeOrder(userId: string, items: OrderItem[]) {
  try {
    const res = await http.post("/orders", { userId, items });
    return res.data.id;
  } catch (err: any) {
    // Disagreement: the server answers an empty order with 422, never 400.
    if (err.response?.status === 400) {
      return null;
    }
    throw err;
  }
}

export async function cancelOrder(id: string) {
  const res = await http.post(`/orders/${id}/cancel`);
  return res.status;
}

export async function deleteOrder(id: string) {
  // Disagreement: the server has no DELETE route for orders.
  await http.delete(`/orders/${id}`);
}
