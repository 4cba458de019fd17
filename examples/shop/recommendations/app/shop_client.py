import httpx

# The Express server's API prefix.
SHOP_API = "http://localhost:3000/api"


async def fetch_user_name(user_id: str):
    async with httpx.AsyncClient(base_url=SHOP_API) as client:
        resp = await client.get(f"/users/{user_id}")
        if resp.status_code == 404:
            return None
        try:
            resp.raise_for_status()
        except httpx.HTTPStatusError:
            # Recommendations still render without the user's name.
            return None
        user = resp.json()
        return user["name"]
