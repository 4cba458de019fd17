export interface User {
  id: string;
  name: string;
  email: string;
  createdAt: string;
}

export interface Order {
  id: string;
  userId: string;
  items: { sku: string; quantity: number }[];
  status: "open" | "cancelled" | "shipped";
  total: number;
}

const users = new Map<string, User>();
const orders = new Map<string, Order>();

export async function findUser(id: string): Promise<User | undefined> {
  return users.get(id);
}

export async function findUserByEmail(email: string): Promise<User | undefined> {
  for (const user of users.values()) {
    if (user.email === email) return user;
  }
  return undefined;
}

export async function insertUser(user: User): Promise<void> {
  users.set(user.id, user);
}

export async function listOrders(userId?: string): Promise<Order[]> {
  const all = [...orders.values()];
  return userId ? all.filter((o) => o.userId === userId) : all;
}

export async function findOrder(id: string): Promise<Order | undefined> {
  return orders.get(id);
}

export async function saveOrder(order: Order): Promise<void> {
  orders.set(order.id, order);
}

export function newId(): string {
  return Math.random().toString(36).slice(2, 10);
}
