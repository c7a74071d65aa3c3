import Foundation
import HTTPServer
import Hummingbird

/// The orders API's published contract: an OpenAPI 3.1 document, served at `GET /openapi.json`.
///
/// Written by hand; `CoffeeServerTests` keeps it true by comparing its paths and methods with the
/// router's routes in both directions. Staff routes (status changes, deletes, the full list) carry the
/// `bearerAuth` security scheme, reading one order by a prefix too; POST /orders takes the optional
/// `Idempotency-Key` header.
public enum CoffeeOpenAPI {
    /// `GET /openapi.json`.
    static func response() -> Response {
        var buffer = ByteBuffer()
        buffer.writeString(document)
        return Response(
            status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: buffer))
    }

    /// The document, as JSON text.
    public static let document = #"""
        {
          "openapi": "3.1.0",
          "info": {
            "title": "Strata Coffee orders API",
            "version": "1.0.0",
            "description": "The orders API that `coffee serve` runs. Errors are RFC 9457 problems (application/problem+json), those of a request the HTTP parser refuses included (400, 431 for headers too large or too many; the connection is then closed), and 408 for a request whose headers or body arrive too slowly. Every response carries X-Request-ID. A route that needs the orders database answers 503 with Retry-After within 5 s when the database does not answer. A bearer token is read only where a route needs one (the staff and reports routes, an order by an id prefix); on the customers' routes and the probes a token, even a wrong or revoked one, is ignored."
          },
          "servers": [{"url": "http://127.0.0.1:8080"}],
          "paths": {
            "/health": {
              "get": {
                "operationId": "health",
                "summary": "The process answers",
                "responses": {
                  "200": {"description": "Alive", "headers": {"X-Request-ID": {"$ref": "#/components/headers/RequestID"}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Status"}}}},
                  "408": {"$ref": "#/components/responses/Problem"},
                  "431": {"$ref": "#/components/responses/Problem"},
                  "421": {"$ref": "#/components/responses/Problem"},
                  "default": {"$ref": "#/components/responses/Problem"}
                }
              }
            },
            "/ready": {
              "get": {
                "operationId": "ready",
                "summary": "The orders database answers a query",
                "responses": {
                  "200": {"description": "Ready", "headers": {"X-Request-ID": {"$ref": "#/components/headers/RequestID"}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Status"}}}},
                  "503": {"$ref": "#/components/responses/Unavailable"},
                  "408": {"$ref": "#/components/responses/Problem"},
                  "431": {"$ref": "#/components/responses/Problem"},
                  "421": {"$ref": "#/components/responses/Problem"},
                  "default": {"$ref": "#/components/responses/Problem"}
                }
              }
            },
            "/openapi.json": {
              "get": {
                "operationId": "openapi",
                "summary": "This document",
                "responses": {
                  "200": {"description": "The OpenAPI document", "content": {"application/json": {"schema": {"type": "object"}}}},
                  "408": {"$ref": "#/components/responses/Problem"},
                  "431": {"$ref": "#/components/responses/Problem"},
                  "421": {"$ref": "#/components/responses/Problem"},
                  "default": {"$ref": "#/components/responses/Problem"}
                }
              }
            },
            "/menu": {
              "get": {
                "operationId": "menu",
                "summary": "What the shop sells, with prices in cents",
                "responses": {
                  "200": {"description": "The menu", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Menu"}}}},
                  "503": {"$ref": "#/components/responses/Unavailable"},
                  "408": {"$ref": "#/components/responses/Problem"},
                  "431": {"$ref": "#/components/responses/Problem"},
                  "421": {"$ref": "#/components/responses/Problem"},
                  "default": {"$ref": "#/components/responses/Problem"}
                }
              }
            },
            "/orders": {
              "get": {
                "operationId": "listOrders",
                "summary": "The orders, filtered and sorted (staff)",
                "security": [{"bearerAuth": []}],
                "parameters": [
                  {"name": "status", "in": "query", "required": false, "schema": {"$ref": "#/components/schemas/OrderStatus"}},
                  {"name": "customer", "in": "query", "required": false, "schema": {"type": "string"}},
                  {"name": "id", "in": "query", "required": false, "description": "An id or id prefix: hex digits and dashes", "schema": {"$ref": "#/components/schemas/IDPrefix"}},
                  {"name": "from", "in": "query", "required": false, "description": "Orders created at or after this time (ISO 8601 UTC)", "schema": {"$ref": "#/components/schemas/Time"}},
                  {"name": "before", "in": "query", "required": false, "description": "Orders created before this time (ISO 8601 UTC)", "schema": {"$ref": "#/components/schemas/Time"}},
                  {"name": "sort", "in": "query", "required": false, "schema": {"type": "string", "enum": ["time", "total"]}},
                  {"name": "limit", "in": "query", "required": false, "description": "The most orders in the page (default 100)", "schema": {"type": "integer", "minimum": 1, "maximum": 1000, "default": 100}},
                  {"name": "after", "in": "query", "required": false, "description": "Where the page starts: the `next` of the page before (keyset paging: no order is listed twice or skipped while orders change)", "schema": {"type": "string", "pattern": "^[0-9]+_[0-9]+_[0-9a-f-]{36}$"}}
                ],
                "responses": {
                  "200": {"description": "The orders", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/OrderList"}}}},
                  "400": {"$ref": "#/components/responses/Problem"},
                  "401": {"$ref": "#/components/responses/Problem"},
                  "403": {"$ref": "#/components/responses/Problem"},
                  "503": {"$ref": "#/components/responses/Unavailable"},
                  "408": {"$ref": "#/components/responses/Problem"},
                  "431": {"$ref": "#/components/responses/Problem"},
                  "421": {"$ref": "#/components/responses/Problem"},
                  "default": {"$ref": "#/components/responses/Problem"}
                }
              },
              "post": {
                "operationId": "placeOrder",
                "summary": "Place an order; 201 once it is stored",
                "parameters": [
                  {"name": "Idempotency-Key", "in": "header", "required": false, "description": "A new UUID per order, as a structured-field string (draft-ietf-httpapi-idempotency-key-header, RFC 9651 sf-string): 1 to 255 printable ASCII characters in double quotes, with \\\" and \\\\ escaped; parameters after ; are ignored. A bare value, a list or the header sent twice is 400. A retry with the same key and body gets the first 201 again; the same key with another body is 422; while the first is still being placed, 409. A key holds as long as its order is stored; the order's id is random, never derived from the key.", "schema": {"type": "string", "minLength": 3, "maxLength": 257, "pattern": "^\"([ !#-\\[\\]-~]|\\\\[\"\\\\])+\"$"}}
                ],
                "requestBody": {
                  "required": true,
                  "content": {"application/json": {"schema": {"$ref": "#/components/schemas/NewOrder"}}}
                },
                "responses": {
                  "201": {"description": "The order, stored", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Order"}}}},
                  "400": {"$ref": "#/components/responses/Problem"},
                  "403": {"$ref": "#/components/responses/Problem"},
                  "409": {"$ref": "#/components/responses/Problem"},
                  "413": {"$ref": "#/components/responses/Problem"},
                  "415": {"$ref": "#/components/responses/Problem"},
                  "422": {"$ref": "#/components/responses/Problem"},
                  "503": {"$ref": "#/components/responses/Unavailable"},
                  "408": {"$ref": "#/components/responses/Problem"},
                  "431": {"$ref": "#/components/responses/Problem"},
                  "421": {"$ref": "#/components/responses/Problem"},
                  "default": {"$ref": "#/components/responses/Problem"}
                }
              }
            },
            "/orders/{id}": {
              "parameters": [
                {"name": "id", "in": "path", "required": true, "description": "An order id or a unique prefix of one: hex digits and dashes", "schema": {"$ref": "#/components/schemas/IDPrefix"}}
              ],
              "get": {
                "operationId": "showOrder",
                "summary": "One order: by its full id for anyone, by a prefix with a token",
                "security": [{}, {"bearerAuth": []}],
                "responses": {
                  "200": {"description": "The order", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Order"}}}},
                  "400": {"$ref": "#/components/responses/Problem"},
                  "401": {"$ref": "#/components/responses/Problem"},
                  "403": {"$ref": "#/components/responses/Problem"},
                  "404": {"$ref": "#/components/responses/Problem"},
                  "409": {"$ref": "#/components/responses/Problem"},
                  "503": {"$ref": "#/components/responses/Unavailable"},
                  "408": {"$ref": "#/components/responses/Problem"},
                  "431": {"$ref": "#/components/responses/Problem"},
                  "421": {"$ref": "#/components/responses/Problem"},
                  "default": {"$ref": "#/components/responses/Problem"}
                }
              },
              "patch": {
                "operationId": "changeOrder",
                "summary": "Advance, cancel or set the status of an order (staff)",
                "security": [{"bearerAuth": []}],
                "requestBody": {
                  "required": true,
                  "content": {"application/json": {"schema": {"$ref": "#/components/schemas/StatusChange"}}}
                },
                "responses": {
                  "200": {"description": "The changed order", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Order"}}}},
                  "400": {"$ref": "#/components/responses/Problem"},
                  "401": {"$ref": "#/components/responses/Problem"},
                  "403": {"$ref": "#/components/responses/Problem"},
                  "404": {"$ref": "#/components/responses/Problem"},
                  "409": {"$ref": "#/components/responses/Problem"},
                  "413": {"$ref": "#/components/responses/Problem"},
                  "415": {"$ref": "#/components/responses/Problem"},
                  "422": {"$ref": "#/components/responses/Problem"},
                  "503": {"$ref": "#/components/responses/Unavailable"},
                  "408": {"$ref": "#/components/responses/Problem"},
                  "431": {"$ref": "#/components/responses/Problem"},
                  "421": {"$ref": "#/components/responses/Problem"},
                  "default": {"$ref": "#/components/responses/Problem"}
                }
              },
              "delete": {
                "operationId": "deleteOrder",
                "summary": "Delete an order (staff)",
                "security": [{"bearerAuth": []}],
                "responses": {
                  "200": {"description": "The deleted order", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Order"}}}},
                  "400": {"$ref": "#/components/responses/Problem"},
                  "401": {"$ref": "#/components/responses/Problem"},
                  "403": {"$ref": "#/components/responses/Problem"},
                  "404": {"$ref": "#/components/responses/Problem"},
                  "409": {"$ref": "#/components/responses/Problem"},
                  "503": {"$ref": "#/components/responses/Unavailable"},
                  "408": {"$ref": "#/components/responses/Problem"},
                  "431": {"$ref": "#/components/responses/Problem"},
                  "421": {"$ref": "#/components/responses/Problem"},
                  "default": {"$ref": "#/components/responses/Problem"}
                }
              }
            }
          },
          "components": {
            "securitySchemes": {
              "bearerAuth": {"type": "http", "scheme": "bearer", "description": "A token made by coffee token create: staff may do everything, reports may only read the list. Send it as Authorization: Bearer <token> (the scheme spelled Bearer)."}
            },
            "headers": {
              "RequestID": {"description": "The client's X-Request-ID when safe (1 to 128 of A-Z a-z 0-9 - _ . : /), else a new one", "schema": {"type": "string"}}
            },
            "responses": {
              "Problem": {
                "description": "An RFC 9457 problem",
                "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}
              },
              "Unavailable": {
                "description": "The orders database does not answer (or not within 5 s), or is busy: an RFC 9457 problem of kind storage; retry after Retry-After seconds",
                "headers": {"Retry-After": {"description": "Seconds to wait before retrying", "schema": {"type": "integer", "minimum": 1}}},
                "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}
              }
            },
            "schemas": {
              "IDPrefix": {"type": "string", "pattern": "^[0-9a-fA-F-]{1,36}$"},
              "Time": {"type": "string", "pattern": "^[1-9][0-9]{3}-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\\.[0-9]{1,3})?Z$"},
              "Status": {"type": "object", "required": ["status"], "properties": {"status": {"type": "string"}}},
              "OrderStatus": {"type": "string", "enum": ["placed", "preparing", "ready", "completed", "cancelled"]},
              "Size": {"type": "string", "enum": ["small", "medium", "large"]},
              "Prices": {
                "type": "object",
                "required": ["small", "medium", "large"],
                "properties": {"small": {"type": "integer"}, "medium": {"type": "integer"}, "large": {"type": "integer"}}
              },
              "Menu": {
                "type": "object",
                "required": ["items"],
                "properties": {
                  "items": {"type": "array", "items": {"type": "object", "required": ["name", "prices"], "properties": {"name": {"type": "string"}, "prices": {"$ref": "#/components/schemas/Prices"}}}}
                }
              },
              "Order": {
                "type": "object",
                "required": ["id", "customer", "coffee", "size", "status", "totalCents", "createdAt", "updatedAt"],
                "properties": {
                  "id": {"type": "string", "format": "uuid"},
                  "customer": {"type": "string"},
                  "coffee": {"type": "string"},
                  "size": {"$ref": "#/components/schemas/Size"},
                  "status": {"$ref": "#/components/schemas/OrderStatus"},
                  "totalCents": {"type": "integer"},
                  "createdAt": {"type": "string", "format": "date-time"},
                  "updatedAt": {"type": "string", "format": "date-time"}
                }
              },
              "OrderList": {
                "type": "object",
                "required": ["orders"],
                "properties": {
                  "orders": {"type": "array", "items": {"$ref": "#/components/schemas/Order"}},
                  "next": {"type": "string", "description": "Where the next page starts, to send as `after`; absent on the last page"}
                }
              },
              "NewOrder": {
                "type": "object",
                "description": "A customer name (1 to 60 characters once trimmed, one line), a coffee from GET /menu and a size, ignoring case. The server also takes `name` for `customer` (older clients); what is missing or broken is a 422 naming the field, or every field when several are.",
                "required": ["customer", "coffee", "size"],
                "properties": {
                  "customer": {"type": "string", "maxLength": 60, "pattern": "^[^\\u0000-\\u001f\\u007f-\\u009f]*[^\\s\\u0000-\\u001f\\u007f-\\u009f\\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000][^\\u0000-\\u001f\\u007f-\\u009f]*$"},
                  "coffee": {"type": "string", "enum": ["Espresso", "Americano", "Cappuccino", "Latte", "Flat White", "Mocha", "Cold Brew"]},
                  "size": {"$ref": "#/components/schemas/Size"}
                }
              },
              "StatusChange": {
                "description": "Either an action (advance or cancel) or a target status, not both",
                "oneOf": [
                  {"type": "object", "required": ["action"], "properties": {"action": {"type": "string", "enum": ["advance", "cancel"]}}, "not": {"required": ["status"]}},
                  {"type": "object", "required": ["status"], "properties": {"status": {"$ref": "#/components/schemas/OrderStatus"}}, "not": {"required": ["action"]}}
                ]
              },
              "Problem": {
                "type": "object",
                "required": ["type", "title", "status", "detail", "kind"],
                "properties": {
                  "type": {"type": "string", "description": "urn:strata:problem:<kind>"},
                  "title": {"type": "string"},
                  "status": {"type": "integer"},
                  "detail": {"type": "string"},
                  "kind": {"type": "string", "enum": ["usage", "badData", "validation", "notFound", "conflict", "network", "remote", "storage", "internal"]},
                  "field": {"type": "string"},
                  "code": {"type": "string"},
                  "failure": {"type": "object", "description": "The orders feature's error: one member, named like code, holding the case's values"},
                  "errors": {"type": "array", "description": "When more than one field is wrong: each, in the request's order (detail then says them all, field names the first)", "items": {"type": "object", "required": ["detail"], "properties": {"field": {"type": "string"}, "detail": {"type": "string"}}}}
                }
              }
            }
          }
        }
        """#
}
